//go:build linux

package childproc

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the child in a process group of its own, which killGroup
// kills as a whole, and has the kernel kill it when the tool dies (an
// interrupted tool must not leave llvm-as or spirv-val running).
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}

func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Kill()
}
