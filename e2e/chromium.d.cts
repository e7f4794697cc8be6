export declare const SYSTEM_CHROMIUM: string;
export declare const SKIPPED_LINE: string;
export declare const MISSING_IN_CI: string;
export declare function findChromium(): string | null;
export declare function browserRequired(): boolean;
export declare function isBrowserSuite(testFilePath: string): boolean;
