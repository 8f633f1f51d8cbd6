/** Types of scripts/packed.mjs, for the tests that import it. */
export declare const ROOT: string;
export declare function sourceStamp(root?: string): string;
export interface Packed {
  /** The hash of the package inputs this copy was built from. */
  stamp: string;
  /** The .tgz file `npm pack` wrote. */
  tarball: string;
  /** A fresh project with the tarball installed (and typescript, vitest, fast-check, esbuild linked). */
  consumer: string;
  /** The paths in the tarball. */
  files: string[];
  /** The tarball's size in bytes. */
  size: number;
}
export declare function packedConsumer(options?: { build?: boolean }): Packed;
