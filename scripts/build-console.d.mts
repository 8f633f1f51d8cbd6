/** Types of scripts/build-console.mjs, for the tests that import it. */
export declare const ROOT: string;
export declare function buildConsole(options?: { outdir?: string }): Promise<{ outdir: string; files: string[]; bytes: number; gzipBytes: number }>;
