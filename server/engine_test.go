package server

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
)

// TestEngineFresh rebuilds the offline engine as go generate does and
// compares it with the committed static/engine files, so that a change to
// the server's code that the engine runs fails here until the file is
// made again (go generate ./server). The bytes depend on the Go release:
// with another release than go.mod's, the test says so and skips.
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
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	out := filepath.Join(t.TempDir(), "engine.wasm")
	cmd := exec.Command(goCmd, "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", out, "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the engine: %v\n%s", err, b)
	}
	for _, f := range []struct{ built, kept string }{
		{out, "static/engine/engine.wasm"},
		{filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"), "static/engine/wasm_exec.js"},
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
