import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Argon2id hash (PHC string) of a password. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown user) it still spends the same work on a
 * dummy hash, so response times do not tell which user names exist.
 */
export const verifyPassword = async (storedHash: string | null, password: string): Promise<boolean> => {
  if (!storedHash) {
    dummyHash ??= hashPassword('uplus-dummy-password-1');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};
