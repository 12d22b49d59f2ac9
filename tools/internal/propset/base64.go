package propset

import "fmt"

// The property-set text format uses its own base64: the standard alphabet
// and no padding, but bits are packed little-endian inside each 3-byte
// group, so encoding/base64 cannot be used.
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

var decodeTable = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = int8(i)
	}
	return t
}()

// Base64Error reports malformed encoded text.
type Base64Error struct {
	Offset int // byte offset in the encoded text
	Msg    string
}

func (e *Base64Error) Error() string {
	return fmt.Sprintf("invalid base64 at offset %d: %s", e.Offset, e.Msg)
}

// EncodedLen is the length of the encoding of n bytes: ceil(8n/6).
func EncodedLen(n int) int { return (n*8 + 5) / 6 }

// EncodeBase64 encodes src in the DPC++ little-endian base64 flavour.
func EncodeBase64(src []byte) string {
	out := make([]byte, 0, EncodedLen(len(src)))
	i := 0
	for ; i+3 <= len(src); i += 3 {
		b0, b1, b2 := src[i], src[i+1], src[i+2]
		out = append(out,
			alphabet[b0&63],
			alphabet[(b1<<2|b0>>6)&63],
			alphabet[(b2<<4|b1>>4)&63],
			alphabet[(b2>>2)&63])
	}
	switch len(src) - i {
	case 1:
		b0 := src[i]
		out = append(out, alphabet[b0&63], alphabet[(b0>>6)&63])
	case 2:
		b0, b1 := src[i], src[i+1]
		out = append(out, alphabet[b0&63], alphabet[(b1<<2|b0>>6)&63], alphabet[(b1>>4)&63])
	}
	return string(out)
}

// DecodeBase64 is the inverse of EncodeBase64. Bits that do not fill a whole
// output byte are ignored, as the reference decoder does.
func DecodeBase64(s string) ([]byte, error) { return decodeBase64(s) }

// decodeBase64 is DecodeBase64 of a string or of a property file's bytes
// (Parse decodes a line without copying it into a string first).
func decodeBase64[T ~string | ~[]byte](s T) ([]byte, error) {
	if len(s)%4 == 1 {
		return nil, &Base64Error{Offset: len(s) - 1, Msg: "dangling final character"}
	}
	out := make([]byte, 0, len(s)/4*3+2)
	var c [4]byte
	for i := 0; i < len(s); i += 4 {
		n := len(s) - i
		if n > 4 {
			n = 4
		}
		for j := 0; j < n; j++ {
			v := decodeTable[s[i+j]]
			if v < 0 {
				return nil, &Base64Error{Offset: i + j, Msg: fmt.Sprintf("character %q outside the alphabet", s[i+j])}
			}
			c[j] = byte(v)
		}
		out = append(out, c[0]|c[1]<<6)
		if n >= 3 {
			out = append(out, c[1]>>2|c[2]<<4)
		}
		if n == 4 {
			out = append(out, c[2]>>4|c[3]<<2)
		}
	}
	return out, nil
}
