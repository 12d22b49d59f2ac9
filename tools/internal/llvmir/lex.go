package llvmir

import (
	"bytes"
	"fmt"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// TokKind classifies a lexical token of LLVM textual IR.
type TokKind uint8

// Token kinds. Sigil kinds keep the sigil in the token text so references
// can be compared by text.
const (
	TokWord    TokKind = iota // keywords, types, numbers, labels (without ':')
	TokGlobal                 // @name, @"name", @0
	TokLocal                  // %name, %"name", %0 (also named types)
	TokComdat                 // $name
	TokMeta                   // !name, !0, or a bare '!' before '{' / '('
	TokMetaStr                // !"string"
	TokAttrGrp                // #0
	TokString                 // "..." or c"..."
	TokPunct                  // one of {}()[]<>,=*:|x
)

// Token is a lexical token; Start/End are byte offsets into the source.
type Token struct {
	Start, End uint32
	Kind       TokKind
	LineStart  bool // first token on its line
}

// ParseError is a located error in textual IR.
type ParseError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string {
	return errtext.Line(fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg))
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == '$' || c == '-'
}

func isNameChar(c byte) bool { return isWordChar(c) || c == '\\' }

// lexer produces the tokens of src one at a time, skipping comments and
// whitespace. Strings end at the next '"': LLVM escapes quotes as \22, so
// there is no backslash rule. The module keeps no token array: Parse lexes
// once to find and index entities, and entities are lexed again on demand.
type lexer struct {
	src       []byte
	file      string
	i         int
	lineStart bool
	// comment is set whenever a comment is skipped (callers reset it).
	comment bool
	// gaps, if set, collects the byte range [end of a token, start of the
	// next) of every gap between tokens that holds a comment, in order
	// (see Module.commentGaps).
	gaps *[]uint32
}

func newLexer(src []byte, file string, pos int) lexer {
	return lexer{src: src, file: file, i: pos, lineStart: true}
}

func (lx *lexer) errAt(pos int, msg string) error {
	line, col := lineCol(lx.src, pos)
	return &ParseError{lx.file, line, col, msg}
}

// scanString returns the index after the string whose opening quote is at
// p; errors point at the token start.
func (lx *lexer) scanString(p, tokStart int) (int, error) {
	if j := bytes.IndexByte(lx.src[p+1:], '"'); j >= 0 {
		return p + 1 + j + 1, nil
	}
	return 0, lx.errAt(tokStart, "unterminated string constant")
}

// next returns the next token; ok is false at the end of the input.
func (lx *lexer) next() (tok Token, ok bool, err error) {
	src := lx.src
	n := len(src)
	i := lx.i
	gapLo, inGap := i, false
	for i < n {
		c := src[i]
		switch {
		case c == '\n':
			lx.lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == ';':
			lx.comment = true
			inGap = true
			if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = n
			}
			continue
		}
		start := i
		if inGap && lx.gaps != nil {
			*lx.gaps = append(*lx.gaps, uint32(gapLo), uint32(start))
		}
		kind := TokPunct
		switch {
		case c == '"':
			e, err := lx.scanString(i, start)
			if err != nil {
				return Token{}, false, err
			}
			i, kind = e, TokString
		case c == 'c' && i+1 < n && src[i+1] == '"':
			e, err := lx.scanString(i+1, start)
			if err != nil {
				return Token{}, false, err
			}
			i, kind = e, TokString
		case c == '@' || c == '%' || c == '$' || c == '!' || c == '#':
			switch c {
			case '@':
				kind = TokGlobal
			case '%':
				kind = TokLocal
			case '$':
				kind = TokComdat
			case '!':
				kind = TokMeta
			case '#':
				kind = TokAttrGrp
			}
			i++
			if i < n && src[i] == '"' {
				e, err := lx.scanString(i, start)
				if err != nil {
					return Token{}, false, err
				}
				i = e
				if kind == TokMeta {
					kind = TokMetaStr
				}
			} else {
				for i < n && isNameChar(src[i]) {
					i++
				}
				if i == start+1 && kind != TokMeta {
					return Token{}, false, lx.errAt(start, fmt.Sprintf("expected a name after '%c'", c))
				}
			}
		case isWordChar(c):
			for i < n {
				d := src[i]
				if isWordChar(d) {
					i++
					continue
				}
				// Exponent signs in floating-point literals (1.0e+10).
				if d == '+' && i > start && (src[i-1] == 'e' || src[i-1] == 'E') && (src[start] >= '0' && src[start] <= '9' || src[start] == '-') {
					i++
					continue
				}
				break
			}
			kind = TokWord
		case c == '.' && i+2 < n && src[i+1] == '.' && src[i+2] == '.':
			i += 3
			kind = TokWord
		case c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == '<' || c == '>' ||
			c == ',' || c == '=' || c == '*' || c == ':' || c == '|' || c == '^' || c == '+':
			i++
		default:
			lx.i = i
			return Token{}, false, lx.errAt(i, fmt.Sprintf("unexpected character %q", c))
		}
		tok = Token{Start: uint32(start), End: uint32(i), Kind: kind, LineStart: lx.lineStart}
		lx.lineStart = false
		lx.i = i
		return tok, true, nil
	}
	lx.i = i
	return Token{}, false, nil
}

func lineCol(src []byte, pos int) (int, int) {
	line, col := 1, 1
	for i := 0; i < pos && i < len(src); i++ {
		if src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// LexLine lexes one line of textual IR with the module lexer's rules, for
// readers that work line by line (specconst): fn gets each token's kind and
// byte offsets in line. A comment ends the line. Errors are *ParseError at
// line lineNo of file.
func LexLine(line []byte, file string, lineNo int, fn func(kind TokKind, start, end int)) error {
	lx := newLexer(line, file, 0)
	for {
		tok, ok, err := lx.next()
		if err != nil {
			if pe, isPE := err.(*ParseError); isPE {
				pe.Line = lineNo
			}
			return err
		}
		if !ok {
			return nil
		}
		fn(tok.Kind, int(tok.Start), int(tok.End))
	}
}
