package zebin

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// ArchiveMagic starts the archive ocloc writes for a list of devices
// (`-device pvc,bmg-g21`): the ar format, one zebin per device, named
// "64.<IP version>", between padding members, then the generic IR. The
// SYCL runtime takes it as a native image of spir64_gen.
const ArchiveMagic = "!<arch>\n"

// IsArchive says whether b is such an archive.
func IsArchive(b []byte) bool { return bytes.HasPrefix(b, []byte(ArchiveMagic)) }

// ArchiveError is a malformed archive.
type ArchiveError struct{ Reason string }

func (e *ArchiveError) Error() string { return "malformed ocloc archive: " + e.Reason }

// Device is one device's zebin in an archive.
type Device struct {
	// Member is its member name, e.g. "64.12.60.7".
	Member string
	// IP is the IP version the member name gives.
	IP   IPVersion
	File *File
}

// ReadArchive reads the device zebins of an ocloc archive: members named
// "<bits>.<IP version>" are zebins (each read with ReadBytes; its IP
// version must be the name's), the padding and generic IR members are
// passed over.
func ReadArchive(b []byte) ([]Device, error) {
	if !IsArchive(b) {
		return nil, &ArchiveError{"no " + strconv.Quote(ArchiveMagic) + " header"}
	}
	var devices []Device
	for pos := len(ArchiveMagic); pos < len(b); {
		if len(b)-pos < 60 {
			return nil, &ArchiveError{fmt.Sprintf("a member header at offset %d is cut short", pos)}
		}
		h := b[pos : pos+60]
		if string(h[58:60]) != "`\n" {
			return nil, &ArchiveError{fmt.Sprintf("the member header at offset %d does not end in \"`\\n\"", pos)}
		}
		name := strings.TrimRight(strings.TrimSpace(string(h[:16])), "/")
		size, err := strconv.ParseUint(strings.TrimSpace(string(h[48:58])), 10, 63)
		if err != nil {
			return nil, &ArchiveError{fmt.Sprintf("member %q has no decimal size", name)}
		}
		pos += 60
		if size > uint64(len(b)-pos) {
			return nil, &ArchiveError{fmt.Sprintf("member %q (%d bytes) runs past the end of the archive", name, size)}
		}
		body := b[pos : pos+int(size)]
		pos += int(size)
		if size%2 == 1 && pos < len(b) {
			pos++ // ar pads members to even offsets
		}
		ip, ok := memberIP(name)
		if !ok {
			continue
		}
		f, err := ReadBytes(body)
		if err != nil {
			return nil, fmt.Errorf("member %s: %w", name, err)
		}
		if f.IPVersion != ip {
			return nil, &ArchiveError{fmt.Sprintf("member %s holds a zebin for IP version %s", name, f.IPVersion)}
		}
		devices = append(devices, Device{Member: name, IP: ip, File: f})
	}
	if len(devices) == 0 {
		return nil, &ArchiveError{"no device zebin (no member named <bits>.<IP version>)"}
	}
	return devices, nil
}

// memberIP parses a device member's name, "64.12.60.7".
func memberIP(name string) (IPVersion, bool) {
	bits, rest, ok := strings.Cut(name, ".")
	if !ok || (bits != "64" && bits != "32") {
		return IPVersion{}, false
	}
	ip, err := ParseIPVersion(rest)
	return ip, err == nil
}
