//go:build tools

// Package buildbarn names the Buildbarn commands tests/remote/run.sh runs, so
// that go.mod and go.sum pin them and every module they are built from.
// build.sh builds them; nothing imports this package.
package buildbarn

import (
	_ "github.com/buildbarn/bb-remote-execution/cmd/bb_runner"
	_ "github.com/buildbarn/bb-remote-execution/cmd/bb_scheduler"
	_ "github.com/buildbarn/bb-remote-execution/cmd/bb_worker"
	_ "github.com/buildbarn/bb-storage/cmd/bb_storage"
)
