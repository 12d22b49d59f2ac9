package propset

import (
	"encoding/binary"
	"fmt"
	"strconv"
)

// Type is a property type tag as written in .prop files and in the runtime
// property struct.
type Type uint32

// Property type tags (STRING = 3 exists only in the runtime ABI, never in
// .prop files).
const (
	Uint32    Type = 1
	ByteArray Type = 2
)

func (t Type) String() string {
	switch t {
	case Uint32:
		return "UINT32"
	case ByteArray:
		return "BYTE_ARRAY"
	}
	return "Type(" + strconv.FormatUint(uint64(t), 10) + ")"
}

// PrefixSize is the size of the little-endian u64 bit count that precedes
// byte-array data in .prop files and in the runtime's ValAddr/ValSize.
const PrefixSize = 8

// Value is one property value: a uint32 or a byte array with a bit count.
// The zero Value is invalid (Type 0); build values with the constructors.
type Value struct {
	typ  Type
	num  uint32
	bits uint64
	data []byte // ceil(bits/8) bytes, no prefix
}

// U32 makes a UINT32 value. C++ producers narrow u64 scalars and store int -1
// as 0xFFFFFFFF; callers convert the same way before calling.
func U32(v uint32) Value { return Value{typ: Uint32, num: v} }

// Bytes makes a byte array of 8*len(b) bits. b is copied.
func Bytes(b []byte) Value {
	return Value{typ: ByteArray, bits: 8 * uint64(len(b)), data: append([]byte{}, b...)}
}

// String makes a byte array holding s without a NUL terminator.
func String(s string) Value {
	return Value{typ: ByteArray, bits: 8 * uint64(len(s)), data: []byte(s)}
}

// U32s makes a byte array of the little-endian elements.
func U32s(v []uint32) Value {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return Value{typ: ByteArray, bits: 8 * uint64(len(b)), data: b}
}

// U64s makes a byte array of the little-endian elements.
func U64s(v []uint64) Value {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], x)
	}
	return Value{typ: ByteArray, bits: 8 * uint64(len(b)), data: b}
}

// BitVector makes a byte array whose bit count is len(bits): bit i is stored
// in byte i/8 at bit position i%8 (kernel-param-opt masks).
func BitVector(bits []bool) Value {
	b := make([]byte, (len(bits)+7)/8)
	for i, set := range bits {
		if set {
			b[i/8] |= 1 << uint(i%8)
		}
	}
	return Value{typ: ByteArray, bits: uint64(len(bits)), data: b}
}

// BitCountError reports data whose length does not match its bit count.
type BitCountError struct {
	Bits uint64
	Len  int
}

func (e *BitCountError) Error() string {
	return fmt.Sprintf("bit count %d needs %d data bytes, have %d", e.Bits, (e.Bits+7)/8, e.Len)
}

// BitBytes makes a byte array with an explicit bit count; data must hold
// exactly ceil(bits/8) bytes. data is copied.
func BitBytes(data []byte, bits uint64) (Value, error) {
	if bits/8+boolInt(bits%8 != 0) != uint64(len(data)) {
		return Value{}, &BitCountError{Bits: bits, Len: len(data)}
	}
	return Value{typ: ByteArray, bits: bits, data: append([]byte{}, data...)}, nil
}

func boolInt(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Type reports the value's type tag.
func (v Value) Type() Type { return v.typ }

// Uint32 returns a UINT32 value (0 for byte arrays).
func (v Value) Uint32() uint32 { return v.num }

// Data returns a byte array's data without the bit-count prefix. The slice
// is shared: do not modify it.
func (v Value) Data() []byte { return v.data }

// BitCount returns a byte array's bit count.
func (v Value) BitCount() uint64 { return v.bits }

// Payload returns the bytes the runtime sees at ValAddr for a byte array:
// the u64 LE bit count followed by the data (ValSize = len(Payload)).
// It is nil for UINT32 values.
func (v Value) Payload() []byte {
	if v.typ != ByteArray {
		return nil
	}
	p := make([]byte, PrefixSize+len(v.data))
	binary.LittleEndian.PutUint64(p, v.bits)
	copy(p[PrefixSize:], v.data)
	return p
}

// Equal reports whether two values are identical (used by go-cmp).
func (v Value) Equal(o Value) bool {
	return v.typ == o.typ && v.num == o.num && v.bits == o.bits && string(v.data) == string(o.data)
}

// String returns the .prop text form, e.g. "1|5" or "2|AAAAAAAAAAA".
func (v Value) String() string {
	switch v.typ {
	case Uint32:
		return "1|" + strconv.FormatUint(uint64(v.num), 10)
	case ByteArray:
		return "2|" + EncodeBase64(v.Payload())
	}
	return "0|"
}

// ValueError reports a malformed "type|value" text.
type ValueError struct{ Msg string }

func (e *ValueError) Error() string { return e.Msg }

// ParseValue parses the "<type>|<value>" part of a property line.
func ParseValue(text string) (Value, error) { return parseValue(text) }

// parseValue is ParseValue of a string or of a property file's bytes: a
// byte array's text (tens of MB for a large value) is decoded where it is,
// not copied into a string first.
func parseValue[T ~string | ~[]byte](text T) (Value, error) {
	bar := indexByte(text, '|')
	if bar <= 0 || bar == len(text)-1 {
		return Value{}, &ValueError{"invalid property value: " + string(text)}
	}
	tstr, vstr := text[:bar], text[bar+1:]
	tag, ok := parseDecimal(tstr)
	if !ok {
		return Value{}, &ValueError{"invalid property type: " + string(tstr)}
	}
	switch Type(tag) {
	case Uint32:
		n, ok := parseDecimal(vstr)
		if !ok {
			return Value{}, &ValueError{"invalid property value: " + string(vstr)}
		}
		return U32(uint32(n)), nil
	case ByteArray:
		raw, err := decodeBase64(vstr)
		if err != nil {
			return Value{}, &ValueError{"invalid property value: " + err.Error()}
		}
		if len(raw) < PrefixSize {
			return Value{}, &ValueError{fmt.Sprintf("byte array of %d bytes lacks the 8-byte bit count", len(raw))}
		}
		bits := binary.LittleEndian.Uint64(raw)
		need := bits/8 + boolInt(bits%8 != 0)
		if need > uint64(len(raw)-PrefixSize) {
			return Value{}, &ValueError{fmt.Sprintf("byte array bit count %d exceeds its %d data bytes", bits, len(raw)-PrefixSize)}
		}
		// Bytes beyond the bit count are ignored, like the reference reader.
		// The decoded buffer is the value's unless most of it is such
		// bytes: a copy of a 37 MB value cost as much again.
		data := raw[PrefixSize : PrefixSize+int(need) : PrefixSize+int(need)]
		if int(need) < (len(raw)-PrefixSize)/2 {
			data = append([]byte{}, data...)
		}
		return Value{typ: ByteArray, bits: bits, data: data}, nil
	}
	return Value{}, &ValueError{"bad property type: " + string(tstr)}
}

// parseDecimal parses an arbitrary-length run of decimal digits, keeping the
// low 64 bits (callers truncate further), as APInt parsing does.
func parseDecimal[T ~string | ~[]byte](s T) (uint64, bool) {
	if len(s) == 0 {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

func indexByte[T ~string | ~[]byte](s T, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
