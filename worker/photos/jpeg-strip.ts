// Issue 46, item 2 (sharp photos), a first building block: the metadata of a JPEG removed without re-encoding it.
//
// Re-encoding is what caps stored photos at 640 x 480: mozjpeg's encoder is ~2/3 of an upload's CPU (docs/api/photos.md,
// "CPU"; 1600 x 1200 takes ~245 ms of a ~150 ms budget). The plan (docs/decisions/015-sharp-photos.md): the browser,
// which already redraws every photo upright as JPEG before uploading it, encodes the stored sizes itself; the Worker
// checks each (header first, then a decode, ~45 ms for 1080 x 1440, which proves the file is the picture its header
// claims) and stores it with this strip instead of an encode. What the strip keeps is what a decoder needs to draw the
// pixels; what it drops is everything a file can carry besides: EXIF (GPS, camera, orientation), XMP, ICC profiles,
// comments, other application segments, and any bytes after the image.

/** Markers whose segment a decoder needs: the frame headers (SOFn), DHT, DAC, DQT, DRI and DNL. */
function keeps(marker: number): boolean {
  if (marker >= 0xc0 && marker <= 0xcf) return marker !== 0xc8; // SOFn, DHT (C4), DAC (CC); C8 is reserved (JPG)
  if (marker === 0xdb || marker === 0xdd || marker === 0xdc) return true; // DQT, DRI, DNL
  return false;
}

/** An Adobe APP14 segment: it says how the colours are coded (RGB or YCbCr), so dropping it could change them. */
function isAdobe(body: Uint8Array): boolean {
  return body.length >= 12 && [0x41, 0x64, 0x6f, 0x62, 0x65].every((b, i) => body[2 + i] === b);
}

export class JpegStructureError extends Error {}

/**
 * The JPEG `bytes` with only what draws its pixels: SOI, the tables, frame and scan headers, the entropy-coded data
 * (with its restart markers) and EOI, plus an Adobe colour-transform segment. Throws JpegStructureError on a file
 * whose structure does not parse (the caller refuses it as unreadable). The pixels decode exactly as before.
 * The EXIF orientation goes with EXIF: a caller stores only photos that are already upright (the browser draws them so).
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new JpegStructureError('no SOI');
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let i = 2;
  for (;;) {
    if (i >= bytes.length) throw new JpegStructureError('ends before EOI');
    if (bytes[i] !== 0xff) throw new JpegStructureError(`no marker at ${i}`);
    while (bytes[i] === 0xff) i++; // fill bytes
    const marker = bytes[i++];
    if (marker === 0xd9) {
      parts.push(Uint8Array.of(0xff, 0xd9));
      break; // EOI: anything after it is dropped
    }
    if (i + 2 > bytes.length) throw new JpegStructureError('truncated segment');
    const length = (bytes[i] << 8) | bytes[i + 1];
    if (length < 2 || i + length > bytes.length) throw new JpegStructureError('bad segment length');
    // The segment's length field and payload (the length counts itself).
    const body = bytes.subarray(i, i + length);
    i += length;
    if (marker === 0xda) {
      // SOS: its header, then entropy-coded data up to the next marker that is not a stuffed 0xFF00 or a restart.
      let end = i;
      while (
        end + 1 < bytes.length &&
        !(bytes[end] === 0xff && bytes[end + 1] !== 0x00 && (bytes[end + 1] < 0xd0 || bytes[end + 1] > 0xd7))
      )
        end++;
      if (end + 1 >= bytes.length) throw new JpegStructureError('scan ends before EOI');
      parts.push(Uint8Array.of(0xff, marker), body, bytes.subarray(i, end));
      i = end;
    } else if (keeps(marker) || (marker === 0xee && isAdobe(body))) {
      parts.push(Uint8Array.of(0xff, marker), body);
    }
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
