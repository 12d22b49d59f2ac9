// Shared by the Buildbarn configurations of tests/remote/run.sh. Buildbarn
// reads Jsonnet and passes every environment variable as an external
// variable: run.sh sets BB_STORAGE (bb_storage's HOST:PORT, which Bazel,
// the scheduler and the workers talk to), BB_SCHEDULER_CLIENTS (where
// bb_storage forwards Execute) and BB_SCHEDULER_WORKERS (where workers ask
// for work).
{
  storage: std.extVar('BB_STORAGE'),
  schedulerClients: std.extVar('BB_SCHEDULER_CLIENTS'),
  schedulerWorkers: std.extVar('BB_SCHEDULER_WORKERS'),
  maximumMessageSizeBytes: 16 * 1024 * 1024,
  // The CAS and action cache of bb_storage, as the other processes see them.
  blobstore: {
    contentAddressableStorage: { grpc: { address: $.storage } },
    actionCache: { grpc: { address: $.storage } },
  },
  allow: { allow: {} },
}
