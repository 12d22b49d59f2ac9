//go:build linux

package main

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the command in a process group of its own, so that
// killGroup reaches what it starts too (a shell's children), and makes
// the kernel kill it if foreach dies without the chance to.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills the process group of a command started with ownGroup.
func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }
