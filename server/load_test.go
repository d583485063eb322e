package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestLoad sends many solver requests at once over loopback and checks
// that every one succeeds and that no goroutine outlives the server.
func TestLoad(t *testing.T) {
	clients, requests := 8, 200
	if testing.Short() {
		requests = 20
	}
	before := runtime.NumGoroutine()

	ts := httptest.NewServer(New(Config{Logger: quiet(), MaxConcurrent: 2}))
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	body, _ := json.Marshal(map[string]string{"puzzle": easy})

	var wg sync.WaitGroup
	errs := make(chan error, clients*requests)
	start := time.Now()
	for range clients {
		wg.Go(func() {
			for range requests {
				if err := loadRequest(client, ts.URL+"/api/"+loadEndpoint, body); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(errs)
	n := 0
	for err := range errs {
		if n++; n <= 5 {
			t.Error(err)
		}
	}
	if n > 0 {
		t.Fatalf("%d of %d requests failed", n, clients*requests)
	}
	t.Logf("%d requests from %d clients in %v (%.0f/s)", clients*requests, clients, elapsed, float64(clients*requests)/elapsed.Seconds())

	ts.Close()
	tr.CloseIdleConnections()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after:\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

func loadRequest(c *http.Client, url string, body []byte) error {
	res, err := c.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d: %s", res.StatusCode, b)
	}
	return nil
}

// loadEndpoint is the endpoint the load test hammers.
const loadEndpoint = "solve"
