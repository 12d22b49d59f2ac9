package propdiff

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// padID marks a descriptor that covers padding (the runtime skips it).
const padID = 0xFFFFFFFF

// specConst is one symbolic specialization constant of an image, with its
// numeric ids left out: they number the image's constants and differ
// between images of different contents (allowed difference
// spec-const-numbering).
type specConst struct {
	// Layout is the (offset, size) of each descriptor, "pad" marking
	// padding descriptors: "0:4 4:4 pad8:4".
	Layout string
	// Default is the constant's bytes in the default-values blob.
	Default []byte
	firstID uint32
	size    uint32
}

// specConsts reads an image's SYCL/specialization constants and cuts its
// default-values blob into each constant's bytes: the blob holds the
// constants in the order of their first numeric id, each as long as its
// descriptors reach.
func specConsts(img *Image) (map[string]*specConst, error) {
	out := map[string]*specConst{}
	var order []string
	for _, name := range keys(img, SetSpecConstants) {
		v, _ := get(img, SetSpecConstants, name)
		data := v.Data()
		if len(data) == 0 || len(data)%12 != 0 || v.BitCount() != 8*uint64(len(data)) {
			return nil, fmt.Errorf("%s: %s: descriptor array of %d bits, not 12-byte descriptors", SetSpecConstants, name, v.BitCount())
		}
		sc := &specConst{firstID: padID}
		var layout []string
		for i := 0; i < len(data); i += 12 {
			id := binary.LittleEndian.Uint32(data[i:])
			off := binary.LittleEndian.Uint32(data[i+4:])
			size := binary.LittleEndian.Uint32(data[i+8:])
			p := ""
			if id == padID {
				p = "pad"
			} else if sc.firstID == padID || id < sc.firstID {
				sc.firstID = id
			}
			layout = append(layout, p+strconv.FormatUint(uint64(off), 10)+":"+strconv.FormatUint(uint64(size), 10))
			if end := off + size; end > sc.size {
				sc.size = end
			}
		}
		sc.Layout = strings.Join(layout, " ")
		out[name] = sc
		order = append(order, name)
	}
	if len(out) == 0 {
		if blob, ok := get(img, SetSpecConstantsDefaults, "all"); ok && len(blob.Data()) > 0 {
			return nil, fmt.Errorf("%s: all: %d bytes, but no constants", SetSpecConstantsDefaults, len(blob.Data()))
		}
		return out, nil
	}
	sort.SliceStable(order, func(i, j int) bool { return out[order[i]].firstID < out[order[j]].firstID })
	blob, ok := get(img, SetSpecConstantsDefaults, "all")
	if !ok {
		return nil, fmt.Errorf("%s: no property all for %d constants", SetSpecConstantsDefaults, len(out))
	}
	data := blob.Data()
	at := 0
	for _, name := range order {
		sc := out[name]
		if at+int(sc.size) > len(data) {
			return nil, fmt.Errorf("%s: all: %d bytes, the constants need more", SetSpecConstantsDefaults, len(data))
		}
		sc.Default = data[at : at+int(sc.size)]
		at += int(sc.size)
	}
	if at != len(data) {
		return nil, fmt.Errorf("%s: all: %d bytes, the constants need %d", SetSpecConstantsDefaults, len(data), at)
	}
	return out, nil
}

func (s *specConst) String() string {
	return fmt.Sprintf("layout=%s default=%x", s.Layout, s.Default)
}
