//go:build !linux

package llvmir

import "os/exec"

// dieWithParent is a no-op where there is no parent-death signal.
func dieWithParent(cmd *exec.Cmd) *exec.Cmd { return cmd }
