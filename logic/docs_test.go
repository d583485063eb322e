package logic

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the technique table of docs/logic.md from the code's table")

const (
	docsBegin = "<!-- technique table: generated from logic/technique.go by go test ./logic -run TestDocsTechniqueTable -update-docs -->\n"
	docsEnd   = "<!-- end of technique table -->\n"
)

// techniqueTableMarkdown writes the technique table as docs/logic.md
// shows it, in solving order.
func techniqueTableMarkdown() string {
	var sb strings.Builder
	sb.WriteString("| technique | HoDoKu short name | category | order | score | level | default | found by |\n")
	sb.WriteString("|---|---|---|---:|---:|---|---|---|\n")
	for _, t := range Techniques() {
		r := table[t]
		def, by := "yes", ""
		if r.off {
			def = "no"
		}
		if r.group != 0 {
			by = table[r.group].name
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %d | %d | %s | %s | %s |\n", r.name, r.arg, r.cat, r.order, r.score, r.level, def, by)
	}
	return sb.String()
}

// TestDocsTechniqueTable keeps the table in docs/logic.md the code's.
func TestDocsTechniqueTable(t *testing.T) {
	name := filepath.Join("..", "docs", "logic.md")
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, docsBegin), strings.Index(doc, docsEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no generated technique table", name)
	}
	want := techniqueTableMarkdown()
	if got := doc[i+len(docsBegin) : j]; got != want {
		if *updateDocs {
			if err := os.WriteFile(name, []byte(doc[:i+len(docsBegin)]+want+doc[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the technique table of %s is not the code's; run with -update-docs", name)
	}
}
