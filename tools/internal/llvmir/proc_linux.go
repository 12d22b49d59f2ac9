//go:build linux

package llvmir

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill cmd's process when the tool that
// started it dies (an interrupted splitter must not leave llvm-as running).
func dieWithParent(cmd *exec.Cmd) *exec.Cmd {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	return cmd
}
