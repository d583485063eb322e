package sentence

import (
	"strings"
	"testing"
)

func TestFill(t *testing.T) {
	args := []string{"r1c1", "5"}
	for _, tt := range []struct{ text, want string }{
		{"{0} takes {1}.", "r1c1 takes 5."},
		{"{1} at {0}, {1} again", "5 at r1c1, 5 again"},
		{"no placeholder", "no placeholder"},
		{"{2} has no argument", "{2} has no argument"},
		{"{x} and {1", "{x} and {1"},
		{"ends with {", "ends with {"},
		{"", ""},
	} {
		var sb strings.Builder
		Fill(&sb, tt.text, len(args), func(k int) { sb.WriteString(args[k]) })
		if got := sb.String(); got != tt.want {
			t.Errorf("Fill(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestTable(t *testing.T) {
	tab := Table{{"b", "{0} and {1}"}, {"a", "none"}}
	if err := tab.Check(); err != nil {
		t.Error(err)
	}
	if ids := tab.IDs(); strings.Join(ids, ",") != "a,b" {
		t.Errorf("IDs() = %v", ids)
	}
	if s, ok := tab.Text("b"); !ok || s != "{0} and {1}" {
		t.Errorf("Text(b) = %q, %v", s, ok)
	}
	if _, ok := tab.Text("c"); ok {
		t.Error("Text(c) found")
	}
	for _, bad := range []Table{{{"a", "x"}, {"a", "y"}}, {{"a", "{1} without the first"}}, {{"a", "{0} {2}"}}} {
		if bad.Check() == nil {
			t.Errorf("Check(%v) = nil", bad)
		}
	}
}
