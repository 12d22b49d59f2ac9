package specconst

import (
	"fmt"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// Error is a located error in an image's text.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

type tokKind uint8

const (
	tWord    tokKind = iota // keywords, types, numbers
	tLocal                  // %x, %"x", %0
	tGlobal                 // @x, @"x"
	tMeta                   // !x, !0, bare '!'
	tMetaStr                // !"x"
	tAttr                   // #0
	tString                 // "x", c"x"
	tPunct                  // one of {}()[]<>,=*:
)

type token struct {
	kind tokKind
	text string
	col  int // 0-based byte offset in the line
}

// line is one line of the image with its tokens (lexed on demand).
type line struct {
	text string
	no   int // 1-based
}

// tokKinds maps llvmir's token kinds to this package's ('$' comdat names
// are words here: the lowering never looks into them).
var tokKinds = [...]tokKind{
	llvmir.TokWord: tWord, llvmir.TokGlobal: tGlobal, llvmir.TokLocal: tLocal, llvmir.TokComdat: tWord,
	llvmir.TokMeta: tMeta, llvmir.TokMetaStr: tMetaStr, llvmir.TokAttrGrp: tAttr, llvmir.TokString: tString,
	llvmir.TokPunct: tPunct,
}

// lexLine splits one line of textual IR into tokens, with llvmir's lexer.
// Instructions and top-level entities that this package rewrites or reads
// are always on one line, so the lexer never crosses a newline.
func lexLine(file string, ln line) ([]token, error) {
	s := ln.text
	var toks []token
	err := llvmir.LexLine([]byte(s), file, ln.no, func(k llvmir.TokKind, lo, hi int) {
		toks = append(toks, token{kind: tokKinds[k], text: s[lo:hi], col: lo})
	})
	if pe, ok := err.(*llvmir.ParseError); ok {
		return nil, &Error{file, ln.no, pe.Col, pe.Msg}
	}
	if err != nil {
		return nil, err
	}
	return toks, nil
}

// parser walks the tokens of one line.
type parser struct {
	file string
	ln   line
	toks []token
	i    int
}

func (p *parser) errf(format string, args ...interface{}) error {
	col := len(p.ln.text)
	if p.i < len(p.toks) {
		col = p.toks[p.i].col
	}
	return &Error{p.file, p.ln.no, col + 1, fmt.Sprintf(format, args...)}
}

func (p *parser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i].text
	}
	return ""
}

func (p *parser) eof() bool { return p.i >= len(p.toks) }

func (p *parser) expect(s string) error {
	if p.peek() != s {
		if p.eof() {
			return p.errf("expected %q, found end of line", s)
		}
		return p.errf("expected %q, found %q", s, p.peek())
	}
	p.i++
	return nil
}

// skipBalanced skips one token, or a whole bracketed group if it opens one.
func (p *parser) skipBalanced() error {
	depth := 0
	for !p.eof() {
		t := p.toks[p.i].text
		p.i++
		switch t {
		case "(", "[", "{", "<":
			depth++
		case ")", "]", "}", ">":
			depth--
		}
		if depth <= 0 {
			if depth < 0 {
				p.i--
				return p.errf("unbalanced %q", t)
			}
			return nil
		}
	}
	return p.errf("unbalanced brackets")
}

// splitArgs returns the token ranges of the comma-separated items between
// the bracket at p.i and its match, and moves past the closing bracket.
func (p *parser) splitArgs() ([][2]int, error) {
	open := p.i
	if err := p.skipBalanced(); err != nil {
		return nil, err
	}
	closeTok := p.i - 1
	var out [][2]int
	depth, start := 0, open+1
	for j := open + 1; j < closeTok; j++ {
		switch p.toks[j].text {
		case "(", "[", "{", "<":
			depth++
		case ")", "]", "}", ">":
			depth--
		case ",":
			if depth == 0 {
				out = append(out, [2]int{start, j})
				start = j + 1
			}
		}
	}
	if start < closeTok || len(out) > 0 {
		out = append(out, [2]int{start, closeTok})
	}
	return out, nil
}

// text joins the tokens [lo,hi) with the original spacing of the line.
func (p *parser) text(lo, hi int) string {
	if lo >= hi {
		return ""
	}
	end := p.toks[hi-1].col + len(p.toks[hi-1].text)
	return p.ln.text[p.toks[lo].col:end]
}

// unescape decodes an LLVM string body ("\XX" hex escapes, "\\").
func unescape(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '\\' {
			b.WriteByte('\\')
			i++
			continue
		}
		if i+2 >= len(s) || hexVal(s[i+1]) < 0 || hexVal(s[i+2]) < 0 {
			return "", false
		}
		b.WriteByte(byte(hexVal(s[i+1])<<4 | hexVal(s[i+2])))
		i += 2
	}
	return b.String(), true
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// symName is the unquoted, unescaped name of a %/@ token.
func symName(tok string) string {
	s := tok[1:]
	if len(s) >= 2 && s[0] == '"' {
		if u, ok := unescape(s[1 : len(s)-1]); ok {
			return u
		}
		return s[1 : len(s)-1]
	}
	return s
}
