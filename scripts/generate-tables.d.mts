/** Types of scripts/generate-tables.mjs, for the tests that import it. */
export declare const OUT_DIR: string;
export declare const CURRENCY_AMENDMENTS: readonly { code: string; digits: number | null; amendment: string }[];
export declare const COUNTRY_NAME_ALIASES: Readonly<Record<string, readonly string[]>>;
export declare function isUserAssignedCountryCode(code: string): boolean;
export declare function countryRows(): [alpha2: string, alpha3: string, names: string[]][];
export declare function currencyRows(): [code: string, digits: number][];
export declare function generatedTables(): Record<string, string>;
export declare function staleTables(): string[];
