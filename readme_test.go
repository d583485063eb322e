package sudoku_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/solver"
)

// Example_readme is the code of the README's "The Go library", line for
// line (TestReadmeGo checks that it is).
func Example_readme() {
	ctx := context.Background()
	g, err := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	if err != nil {
		log.Fatal(err) // a *sudoku.ParseError: line, column and reason
	}
	sol, ok := solver.Solve(&g)        // the first solution; false for none (or clashing givens)
	n, err := solver.Count(ctx, &g, 2) // 1: the solution is unique
	r, err := logic.Rate(ctx, g)       // HoDoKu's level, score and hardest technique
	fmt.Println(ok, n, r.Level, err)
	fmt.Print(sol.Boxed())
	// Output:
	// true 1 Easy <nil>
	// 4 8 3 | 9 2 1 | 6 5 7
	// 9 6 7 | 3 4 5 | 8 2 1
	// 2 5 1 | 8 7 6 | 4 9 3
	// ------+-------+------
	// 5 4 8 | 1 3 2 | 9 7 6
	// 7 2 9 | 5 6 4 | 1 3 8
	// 1 3 6 | 7 9 8 | 2 4 5
	// ------+-------+------
	// 3 7 2 | 6 8 9 | 5 1 4
	// 8 1 4 | 2 5 3 | 7 6 9
	// 6 9 5 | 4 1 7 | 3 8 2
}

// readmeGo returns the README's section "The Go library": its code block
// and its text.
func readmeGo(t *testing.T) (code []string, text string) {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "\n## The Go library\n")
	if !ok {
		t.Fatal(`the README has no section "The Go library"`)
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, c, _ := strings.Cut(sec, "```go\n")
	c, _, _ = strings.Cut(c, "```")
	return strings.Split(strings.TrimSpace(c), "\n"), sec
}

// TestReadmeGo checks that the README's Go code is Example_readme's, so
// that it compiles and prints what it says.
func TestReadmeGo(t *testing.T) {
	code, _ := readmeGo(t)
	src, err := os.ReadFile("readme_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "func Example_readme() {\n")
	var lines []string
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "// Output:") {
			break
		}
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	if got, want := strings.Join(lines, "\n"), strings.Join(code, "\n"); !strings.HasPrefix(got, want) || strings.TrimSpace(strings.TrimPrefix(got, want)) != "" {
		t.Errorf("the README's Go code is not Example_readme's:\nREADME:\n%s\nExample_readme:\n%s", want, got)
	}
}

// api is what a package exports: its top-level names, and the methods
// and fields of each of its types, as "Type.Name".
type api map[string]bool

// moduleAPI reads the exported names of the module's packages (their
// source, tests left out), by package name.
func moduleAPI(t *testing.T) map[string]api {
	t.Helper()
	out := map[string]api{}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir // another module, or no package
			}
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		a := out[f.Name.Name]
		if a == nil {
			a = api{}
			out[f.Name.Name] = a
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					a[d.Name.Name] = true
					continue
				}
				typ := d.Recv.List[0].Type
				if s, ok := typ.(*ast.StarExpr); ok {
					typ = s.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					a[id.Name+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						a[s.Name.Name] = true
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, f := range st.Fields.List {
								for _, n := range f.Names {
									a[s.Name.Name+"."+n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							a[n.Name] = true
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReadmeGoNames checks every name of the README's "The Go library"
// against the module's packages: a package's name (sudoku.Parse,
// solver.Solver), a type's method or field (Grid.Validate,
// Generator.Generate), so that the README never names what does not
// exist, as it once named solver.SolveMarks, a method.
func TestReadmeGoNames(t *testing.T) {
	pkgs := moduleAPI(t)
	_, text := readmeGo(t)
	qualified := regexp.MustCompile(`\b([a-z]+)\.([A-Z]\w*)(?:\.([A-Z]\w*))?`)
	typeMember := regexp.MustCompile("`\\*?([A-Z]\\w*)\\.([A-Z]\\w*)")
	n := 0
	for _, m := range qualified.FindAllStringSubmatch(text, -1) {
		a, ok := pkgs[m[1]]
		if !ok {
			continue // another module's: context.Context, http.Handler
		}
		n++
		if !a[m[2]] {
			t.Errorf("the README names %s.%s, which package %s does not export", m[1], m[2], m[1])
		} else if m[3] != "" && !a[m[2]+"."+m[3]] {
			t.Errorf("the README names %s.%s.%s, which does not exist", m[1], m[2], m[3])
		}
	}
	for _, m := range typeMember.FindAllStringSubmatch(text, -1) {
		found := false
		for _, a := range pkgs {
			found = found || a[m[1]+"."+m[2]]
		}
		n++
		if !found {
			t.Errorf("the README names %s.%s, which no type of the module has", m[1], m[2])
		}
	}
	if n < 20 {
		t.Errorf("only %d names checked in the README's Go section", n)
	}
}

// TestPackageDoc checks that the root package's doc names every package
// of the module directly under it, and the command.
func TestPackageDoc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "grid.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		t.Fatalf("grid.go has no package doc: %v", err)
	}
	doc := f.Doc.Text()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "internal" || e.Name() == "testdata" || e.Name() == "docs" || e.Name() == "cmd" {
			continue
		}
		if _, err := os.Stat(filepath.Join(e.Name(), "go.mod")); err == nil {
			continue // a module of its own
		}
		if gos, _ := filepath.Glob(filepath.Join(e.Name(), "*.go")); len(gos) == 0 {
			continue
		}
		if !regexp.MustCompile(`\b` + e.Name() + `\b`).MatchString(doc) {
			t.Errorf("the package doc does not name package %s", e.Name())
		}
	}
	if !strings.Contains(doc, "cmd/sudoku") {
		t.Error("the package doc does not name the command, cmd/sudoku")
	}
}
