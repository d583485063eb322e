package server

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestEngineFresh rebuilds the offline engines (the classic page's and
// the variant page's) as go generate does and compares them with the
// committed static/engine files, so that a change to the server's code
// that an engine runs fails here until the files are made again (go
// generate ./server). The bytes depend on the Go release: with another
// release than go.mod's, the test says so and skips.
func TestEngineFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if m == nil || "go"+string(m[1]) != runtime.Version() {
		t.Skipf("built with %s, not go.mod's release: its bytes would differ", runtime.Version())
	}
	// The go command on the PATH, if it is the release that runs this
	// test (runtime.GOROOT is deprecated: go env says where its root is).
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on the PATH")
	}
	env, err := exec.Command(goCmd, "env", "GOVERSION", "GOROOT").Output()
	fields := strings.Fields(string(env))
	if err != nil || len(fields) != 2 || fields[0] != runtime.Version() {
		t.Skipf("the go command on the PATH is not %s: %q %v", runtime.Version(), env, err)
	}
	goroot := fields[1]
	// The classic page's engine and the variant page's.
	dir := t.TempDir()
	for _, pkg := range []string{"./wasm", "./wasm/variant"} {
		cmd := exec.Command(goCmd, "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", filepath.Join(dir, filepath.Base(pkg)+".wasm"), pkg)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("building the engine %s: %v\n%s", pkg, err, b)
		}
	}
	for _, f := range []struct{ built, kept string }{
		{filepath.Join(dir, "wasm.wasm"), "static/engine/engine.wasm"},
		{filepath.Join(dir, "variant.wasm"), "static/engine/variant.wasm"},
		{filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), "static/engine/wasm_exec.js"},
	} {
		built, err := os.ReadFile(f.built)
		if err != nil {
			t.Fatal(err)
		}
		kept, err := os.ReadFile(f.kept)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(built, kept) {
			t.Errorf("%s is stale: run go generate ./server and commit it", f.kept)
		}
	}
}
