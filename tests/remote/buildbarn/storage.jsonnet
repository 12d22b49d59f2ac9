// bb_storage for tests/remote/run.sh: the address Bazel talks to (CAS,
// ByteStream, action cache, capabilities, and Execute, forwarded to
// bb_scheduler), with the CAS and action cache in memory: a fresh process
// starts empty.
local common = import 'common.libsonnet';

// In-memory "local" storage: blocks of blockSizeBytes (a blob must fit in
// one), filled in turn; the oldest are dropped when all are full. Memory is
// only touched as blocks fill.
local inMemory(blocks, blockSizeBytes, entries) = {
  'local': {
    keyLocationMapInMemory: { entries: entries },
    keyLocationMapMaximumGetAttempts: 16,
    keyLocationMapMaximumPutAttempts: 64,
    oldBlocks: blocks.old,
    currentBlocks: blocks.current,
    newBlocks: blocks.new,
    blocksInMemory: { blockSizeBytes: blockSizeBytes },
  },
};

{
  grpcServers: [{
    listenAddresses: [common.storage],
    authenticationPolicy: common.allow,
  }],
  schedulers: {
    '': { endpoint: { address: common.schedulerClients } },
  },
  maximumMessageSizeBytes: common.maximumMessageSizeBytes,
  global: {},
  // Room for 8 GiB. One run puts about 1.2 GiB in, but libsycl-jit.so
  // alone is 250 MB (a block holds it and little else), and reading a blob
  // from an old block copies it into a new one: with room for 3 GiB, the
  // second checkout's build found early outputs (host tools) evicted and
  // ran their actions again.
  contentAddressableStorage: {
    backend: inMemory({ old: 8, current: 20, new: 4 }, 256 * 1024 * 1024, 1024 * 1024),
    getAuthorizer: common.allow,
    putAuthorizer: common.allow,
    findMissingAuthorizer: common.allow,
  },
  actionCache: {
    backend: inMemory({ old: 2, current: 4, new: 1 }, 16 * 1024 * 1024, 256 * 1024),
    getAuthorizer: common.allow,
    putAuthorizer: common.allow,
  },
  executeAuthorizer: common.allow,
}
