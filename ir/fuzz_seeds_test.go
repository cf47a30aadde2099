package ir

import (
	"os"
	"path/filepath"
	"sort"
)

// addSeedModels calls add with the XML (and .bin, or nil) of the small models under the
// repository's testdata/conformance and the shared corpus (when present), read at fuzz
// time; files larger than maxSize are left out so that the seed corpus stays quick to run.
func addSeedModels(f interface{ Helper() }, maxSize int64, add func(xml, bin []byte)) {
	f.Helper()
	var files []string
	for _, pat := range []string{
		filepath.Join("..", "testdata", "conformance", "*", "*", "model.xml"),
		filepath.Join(corpusDir, "*", "model.xml"),
		filepath.Join(corpusDir, "negative", "*", "model.xml"),
		filepath.Join(corpusDir, "edge-valid", "*", "model.xml"),
	} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	sort.Strings(files)
	for _, p := range files {
		fi, err := os.Stat(p)
		if err != nil || fi.Size() > maxSize {
			continue
		}
		xml, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		var bin []byte
		binPath := filepath.Join(filepath.Dir(p), "model.bin")
		if bi, err := os.Stat(binPath); err == nil && bi.Size() <= maxSize {
			bin, _ = os.ReadFile(binPath)
		}
		add(xml, bin)
	}
}
