// bb_runner for tests/remote/run.sh: runs what its bb_worker (worker.jsonnet)
// asks for, in BB_WORKER_DIR/build, as this process's user, with only the
// environment variables the action names.
local common = import 'common.libsonnet';
local dir = std.extVar('BB_WORKER_DIR');

{
  buildDirectoryPath: dir + '/build',
  grpcServers: [{
    listenPaths: [dir + '/runner'],
    authenticationPolicy: common.allow,
  }],
  global: {},
}
