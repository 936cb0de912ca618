// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package data

import (
	"fmt"
	"strconv"

	"golang.org/x/text/unicode/norm"
)

// normalForm returns s in Unicode normalisation form C (NFC): two strings
// that differ only in how their characters are composed ("café" with
// U+00E9, or with "e" and the combining U+0301) have the same NFC form and
// print alike. golang.org/x/text/unicode/norm does this from the Unicode
// tables, which no hand-written table here would keep up with.
func normalForm(s string) string { return norm.NFC.String(s) }

// quoteASCII quotes the clipped s with every non-ASCII rune escaped (%+q),
// so that two names that differ only in normalisation read differently.
func quoteASCII(s string) string { return strconv.QuoteToASCII(clip(s)) }

// normalTwins is the message for names a and b that differ only in
// Unicode normalisation.
func normalTwins(a, b string) string {
	return fmt.Sprintf("%s and %s, which differ only in Unicode normalisation (they print alike)", quoteASCII(a), quoteASCII(b))
}
