// Type declarations for the untyped packages the embedded store uses.
declare module 'express-pouchdb' {
  import type { Express } from 'express';
  const expressPouchDB: (pouch: unknown, options?: Record<string, unknown>) => Express;
  export default expressPouchDB;
}
declare module 'pouchdb' {
  interface PouchStatic {
    defaults(options: Record<string, unknown>): PouchStatic;
    new (name: string, options?: Record<string, unknown>): unknown;
  }
  const PouchDB: PouchStatic;
  export default PouchDB;
}
