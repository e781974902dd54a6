import jpegDecoderModule from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm';
import jpegDecoderFactory from '@jsquash/jpeg/codec/dec/mozjpeg_dec.js';
import jpegEncoderModule from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm';
import jpegEncoderFactory from '@jsquash/jpeg/codec/enc/mozjpeg_enc.js';
import { defaultOptions as jpegEncoderDefaults } from '@jsquash/jpeg/meta';
import decodePngWasm, { init as initPngDecoder } from '@jsquash/png/decode';
// `?module`: the package's own .d.ts for this file describes an instance's exports, not the module we import.
import pngDecoderModule from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module';
import type { Raster, SourcePixels } from './resize';

// The image codecs of uploads: libjpeg-turbo's decoder and mozjpeg's encoder, and Rust's png crate, compiled to wasm
// (Squoosh's builds, packaged by jSquash). Against the plain-JS codecs they replaced (jpeg-js, upng-js) they decode
// 4-8 times and encode about twice as fast, which keeps an upload of the largest allowed photo within its CPU budget
// (docs/api/photos.md, "CPU"). The wasm modules are imported statically because workerd refuses to compile wasm
// from bytes at run time; each is instantiated once per isolate, on the first upload that needs it.

/** What libjpeg reported during the decode under way (a decode is one synchronous call, so this is its own). */
let jpegMessages: string[] = [];

interface JpegDecoder {
  decode(bytes: Uint8Array, preserveOrientation: boolean): { width: number; height: number; data: Uint8ClampedArray } | null;
}
interface JpegEncoder {
  encode(pixels: Uint8Array, width: number, height: number, options: typeof jpegEncoderDefaults): Uint8Array;
}

interface EmscriptenOptions {
  noInitialRun: boolean;
  instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => WebAssembly.Exports;
  printErr?: (text: string) => void;
}

function emscripten<M>(factory: unknown, module: WebAssembly.Module, printErr?: (text: string) => void): Promise<M> {
  return (factory as (options: EmscriptenOptions) => Promise<M>)({
    noInitialRun: true,
    instantiateWasm(imports, done) {
      const instance = new WebAssembly.Instance(module, imports);
      done(instance);
      return instance.exports;
    },
    printErr,
  });
}

/** Starts a codec once per isolate; a start that failed is tried again by the next upload. */
function once<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => {
    started ??= start().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
}

const jpegDecoder = once(() => emscripten<JpegDecoder>(jpegDecoderFactory, jpegDecoderModule, (text) => jpegMessages.push(text)));
const jpegEncoder = once(() => emscripten<JpegEncoder>(jpegEncoderFactory, jpegEncoderModule));
const pngDecoder = once(() => initPngDecoder(pngDecoderModule));

/** RGBA pixels of a JPEG, as stored (the caller applies the EXIF orientation). Throws on a broken file. */
export async function decodeJpeg(bytes: Uint8Array): Promise<SourcePixels> {
  const decoder = await jpegDecoder();
  jpegMessages = [];
  const image = decoder.decode(bytes, false);
  // libjpeg only warns about damaged data (a file that ends before its image does, a corrupt segment) and papers
  // over it with grey: such a file, say an upload cut off in transfer, is refused like one it cannot read at all.
  if (!image || jpegMessages.length > 0) throw new Error(`jpeg: ${jpegMessages.join('; ') || 'no image'}`);
  return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer), channels: 4 };
}

/** RGBA pixels of a PNG (8 bits a channel: 16-bit files are reduced, palettes and grey expanded). Throws on a broken file. */
export async function decodePng(bytes: Uint8Array): Promise<SourcePixels> {
  await pngDecoder();
  const file = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  const image = await decodePngWasm(file as ArrayBuffer);
  return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer as ArrayBuffer), channels: 4 };
}

/**
 * A baseline JPEG of the pixels, its Huffman tables optimised for them (smaller at the same quality), without
 * metadata: only the pixels go in, so nothing of an upload's EXIF, ICC profile or comments can come out.
 */
export async function encodeJpeg(img: Raster, quality: number): Promise<Uint8Array> {
  const encoder = await jpegEncoder();
  const options = { ...jpegEncoderDefaults, quality, baseline: true, progressive: false, optimize_coding: true };
  return encoder.encode(img.data, img.width, img.height, options); // a copy, not a view of the codec's memory
}
