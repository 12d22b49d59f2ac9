// bb_scheduler for tests/remote/run.sh: Execute requests from bb_storage on
// BB_SCHEDULER_CLIENTS, workers on BB_SCHEDULER_WORKERS; it reads actions
// from bb_storage's CAS. One platform queue: Bazel sends no platform
// properties, and every worker offers the empty platform.
local common = import 'common.libsonnet';

{
  clientGrpcServers: [{
    listenAddresses: [common.schedulerClients],
    authenticationPolicy: common.allow,
  }],
  workerGrpcServers: [{
    listenAddresses: [common.schedulerWorkers],
    authenticationPolicy: common.allow,
  }],
  contentAddressableStorage: common.blobstore.contentAddressableStorage,
  maximumMessageSizeBytes: common.maximumMessageSizeBytes,
  global: {},
  executeAuthorizer: common.allow,
  modifyDrainsAuthorizer: common.allow,
  killOperationsAuthorizer: common.allow,
  actionRouter: {
    simple: {
      platformKeyExtractor: { actionAndCommand: {} },
      invocationKeyExtractors: [],
      initialSizeClassAnalyzer: {
        defaultExecutionTimeout: '600s',
        maximumExecutionTimeout: '1800s',
      },
    },
  },
  // The queue exists before any worker has connected, so that an Execute
  // that comes first waits instead of failing.
  predeclaredPlatformQueues: [{
    instanceNamePrefix: '',
    platform: {},
    sizeClasses: [0],
  }],
  platformQueueWithNoWorkersTimeout: '900s',
}
