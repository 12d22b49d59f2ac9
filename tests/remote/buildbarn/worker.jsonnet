// bb_worker for tests/remote/run.sh: one action at a time, run by its own
// bb_runner (runner.jsonnet) through the Unix socket BB_WORKER_DIR/runner,
// in BB_WORKER_DIR/build: a plain directory whose input files are
// hard-linked from the file cache in BB_WORKER_DIR/cache (the same file
// system), fetched from bb_storage's CAS on a miss. BB_WORKER_NAME names it
// in the ExecuteResponse (executedActionMetadata.worker).
local common = import 'common.libsonnet';
local dir = std.extVar('BB_WORKER_DIR');

{
  blobstore: common.blobstore,
  maximumMessageSizeBytes: common.maximumMessageSizeBytes,
  scheduler: { address: common.schedulerWorkers },
  global: {},
  buildDirectories: [{
    native: {
      buildDirectoryPath: dir + '/build',
      cacheDirectoryPath: dir + '/cache',
      maximumCacheFileCount: 100000,
      maximumCacheSizeBytes: 4 * 1024 * 1024 * 1024,
      cacheReplacementPolicy: 'LEAST_RECENTLY_USED',
    },
    runners: [{
      endpoint: { address: 'unix:' + dir + '/runner' },
      concurrency: 1,
      platform: {},
      workerId: { worker: std.extVar('BB_WORKER_NAME') },
    }],
  }],
  directoryCache: {
    maximumCount: 10000,
    maximumSizeBytes: 64 * 1024 * 1024,
    cacheReplacementPolicy: 'LEAST_RECENTLY_USED',
  },
  inputDownloadConcurrency: 8,
  outputUploadConcurrency: 8,
}
