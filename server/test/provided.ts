/** What test/globalSetup.ts hands every test file (vitest's provide / inject). */
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded template database on the PostgreSQL server (DATABASE_URL). */
    pgTemplate: string;
    /** A file holding the seeded embedded database's files (an uncompressed tar). */
    pgliteSnapshot: string;
  }
}

