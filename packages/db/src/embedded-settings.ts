import { PGlite } from '@electric-sql/pglite'

// The embedded database's settings, sized for one process beside the web server (ADR 047): PostgreSQL's
// default 128 MB of shared buffers grow PGlite's WebAssembly memory from 128 to 189 MiB, while the data a
// single install reads (tens of MB) stays in the operating system's file cache anyway.
export const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']
