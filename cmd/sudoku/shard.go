package main

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

// A shard is the slice of a batch that one of several copies of a command
// works on (--shard I/N), for an array job: a Kubernetes Indexed Job or a
// Slurm array runs N copies, each with its own I. Record k of the batch
// (0-based, in input order over all the inputs; for generate, puzzle k of
// -n) is shard k mod N's. Dealing records out in turn, rather than in
// contiguous blocks, needs no count of the records beforehand, so a shard
// streams its input (standard input too) in flat memory, and every copy
// agrees on who owns what as long as it is given the same inputs in the
// same order.
type shard struct {
	i, n int // the zero value, n == 0, is no sharding
}

// owns reports whether record k is the shard's.
func (s shard) owns(k int) bool { return s.n <= 1 || k%s.n == s.i }

// on reports whether the command was asked for a shard at all.
func (s shard) on() bool { return s.n > 0 }

// shardEnv lists the variables --shard auto/N reads its index from, in
// order: Kubernetes sets the first in each pod of an Indexed Job, Slurm
// the second in each task of an array job.
var shardEnv = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

// shardFlag is the value of --shard: I/N, or auto/N with I from the
// environment (read when the flag is parsed, so that a missing or wrong
// index is refused before anything runs).
type shardFlag struct{ s *shard }

func (f shardFlag) String() string {
	if f.s == nil || f.s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", f.s.i, f.s.n)
}

func (f shardFlag) Set(v string) error {
	is, ns, ok := strings.Cut(v, "/")
	n, err := strconv.Atoi(ns)
	if !ok || err != nil || is == "" {
		return errShardSyntax
	}
	if n < 1 {
		return errors.New("want N of 1 or more (N is the number of shards)")
	}
	var i int
	if is == "auto" {
		i, err = shardIndex(n)
		if err != nil {
			return err
		}
	} else if i, err = strconv.Atoi(is); err != nil {
		return errShardSyntax
	}
	if i < 0 || i >= n {
		return fmt.Errorf("want I from 0 to %d: shards count from 0, as JOB_COMPLETION_INDEX does", n-1)
	}
	*f.s = shard{i, n}
	return nil
}

var errShardSyntax = errors.New("want I/N (the I-th of N slices, counting from 0, such as 0/4 to 3/4) or auto/N")

// shardIndex returns the index --shard auto/N reads from the environment.
func shardIndex(n int) (int, error) {
	for _, name := range shardEnv {
		v, set := os.LookupEnv(name)
		if !set {
			continue
		}
		i, err := strconv.Atoi(strings.TrimSpace(v))
		switch {
		case err != nil:
			return 0, fmt.Errorf("%s is %q, not a whole number", name, v)
		case i < 0 || i >= n:
			hint := ""
			if name == "SLURM_ARRAY_TASK_ID" {
				hint = fmt.Sprintf(" (run the array as --array=0-%d)", n-1)
			}
			return 0, fmt.Errorf("%s is %d, want 0 to %d%s", name, i, n-1, hint)
		}
		return i, nil
	}
	return 0, fmt.Errorf("auto reads the index from %s or %s, and neither is set", shardEnv[0], shardEnv[1])
}

// shardVar registers --shard; what says what is dealt out, for its help.
func shardVar(fs *flag.FlagSet, s *shard, what string) {
	fs.Var(shardFlag{s}, "shard", "do only shard `I/N` of the run, as one of N copies, I counting from 0 (0/4 to 3/4): "+what+" goes to shard k mod N; auto/N takes I from $JOB_COMPLETION_INDEX (Kubernetes) or $SLURM_ARRAY_TASK_ID (Slurm: --array=0-(N-1)); see docs/batch.md")
}

// shardRecords is what commands that read puzzles deal out to shards, for
// --shard's help: every record in the order read, a 9-line grid or a CSV
// row being one, and one that cannot be read one too (its shard reports
// it), so that the shards' outputs and errors add up to the run's.
const shardRecords = "input record k (from 0, over all the inputs, unreadable ones too)"

// errShardSeed is the error of --shard without --seed.
var errShardSeed = errors.New("--shard needs --seed (not 0): every shard makes its puzzles from the seeds of one run")

// seededTasks are the tasks of a command that makes n things, each from
// its own seed (generate): those of the shard, every n-th from its index,
// and their count. A run without a seed draws one into *seed; a shard
// needs one, which every shard of the run shares (errShardSeed). Thing i
// comes from its own seed, so the output depends on neither the job count
// nor the shard that makes it, and a free worker takes the next: the
// tries a thing takes vary too much to deal them out in turn.
func (s shard) seededTasks(seed *uint64, n int) (tasks func(yield func(*task) bool), total int, err error) {
	if *seed == 0 && s.on() {
		return nil, 0, errShardSeed
	}
	if *seed == 0 {
		*seed = rand.Uint64()
	}
	first, step := 0, 1
	if s.on() {
		first, step = s.i, s.n
	}
	if first < n {
		total = (n-first-1)/step + 1
	}
	return func(yield func(*task) bool) {
		for i := first; i < n; i += step {
			if !yield(&task{index: i, steady: true}) {
				return
			}
		}
	}, total, nil
}

// perWorker makes up front each of jobs workers' own thing (a generator,
// with its solver), so that impossible options are refused before
// anything starts; a worker takes one from the channel.
func perWorker[T any](jobs int, newT func() (T, error)) (chan T, error) {
	c := make(chan T, jobs)
	for range jobs {
		t, err := newT()
		if err != nil {
			return nil, err
		}
		c <- t
	}
	return c, nil
}
