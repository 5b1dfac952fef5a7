// The numbers behind `mids migrate --jobs`, in a module with no imports: the command's help text
// (loaded at every start-up) and the pipeline read the same ones.

/** files at least this large (as stored; a gzip file: a GZIP_MIN_DIVISOR-th of it) are read with worker threads unless --jobs says otherwise */
export const PARALLEL_MIN_BYTES = 8 * 1024 * 1024;
/** a gzip file needs only PARALLEL_MIN_BYTES / this (it holds several times its size) */
export const GZIP_MIN_DIVISOR = 4;
/**
 * at most this many worker threads by default: each adds some 25-30 MB to a run's peak RSS (its
 * isolate, young generation and batches), and two keep a run of a large log within its memory
 * target (bench/RESULTS.md); `--jobs` asks for more
 */
export const JOBS_MAX = 2;
/** --jobs takes 0 to this */
export const JOBS_LIMIT = 64;
