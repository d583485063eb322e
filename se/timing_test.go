package se

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godoku/sudoku"
)

var timeFile = flag.String("timefile", "", "rate each puzzle of this file (first field) and print CPU time")
var sccFlag = flag.Int("scc", 0, "experiment")

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestTimeFile(t *testing.T) {
	if *timeFile == "" {
		t.Skip()
	}
	sccMode = *sccFlag
	f, err := os.Open(*timeFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		g, err := sudoku.Parse(fs[0])
		if err != nil {
			continue
		}
		c0 := cpuNow()
		rt, err := Rate(context.Background(), &g)
		c1 := cpuNow()
		ref := ""
		if len(fs) > 2 {
			ref = fs[2]
		}
		fmt.Printf("%s\t%.1f/%.1f/%.1f\t%s\t%.3f\t%v\n", fs[0], rt.ER, rt.EP, rt.ED, ref, (c1 - c0).Seconds(), err)
	}
}
