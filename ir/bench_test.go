package ir

import (
	"os"
	"path/filepath"
	"testing"
)

func BenchmarkReadCorpusLargest(b *testing.B) {
	path := filepath.Join(corpusDir, "geti-dice-detection-2022.3", "model.xml")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("corpus not available: %v", err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(path, data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadChain20k(b *testing.B) {
	data := genChain(20000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("chain.xml", data); err != nil {
			b.Fatal(err)
		}
	}
}
