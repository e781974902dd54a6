import Argon2, { Argon2Type, Argon2Version } from '@phi-ag/argon2';
import argon2Wasm from '@phi-ag/argon2/argon2.wasm';

// argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): about 60 ms in workerd. The wasm module is imported
// statically because workerd refuses to compile wasm from bytes at run time.
const OPTIONS = {
  type: Argon2Type.Argon2id,
  version: Argon2Version.Version13,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  hashLength: 32,
};

let argon2: Promise<Argon2> | null = null;
function instance(): Promise<Argon2> {
  argon2 ??= WebAssembly.instantiate(argon2Wasm).then((wasm) => new Argon2(wasm));
  return argon2;
}

/** The encoded argon2id hash ($argon2id$v=19$m=…) of a password, with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  return (await instance()).hash(password, OPTIONS).encoded;
}

export async function verifyPassword(encoded: string | null, password: string): Promise<boolean> {
  const argon = await instance();
  // Without a stored hash, still spend the time of a check so timing does not tell which accounts exist.
  if (!encoded) {
    argon.hash(password, OPTIONS);
    return false;
  }
  return argon.tryVerify(encoded, password, Argon2Type.Argon2id).success;
}
