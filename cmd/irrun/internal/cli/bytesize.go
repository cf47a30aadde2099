package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/irrun/irrun/ir"
)

// byteSize is a --max-memory value: bytes, with an optional KiB/MiB/GiB/TiB (or K/M/G/T)
// suffix.
type byteSize int64

var byteUnits = []struct {
	suffix string
	shift  uint
}{{"tib", 40}, {"gib", 30}, {"mib", 20}, {"kib", 10}, {"t", 40}, {"g", 30}, {"m", 20}, {"k", 10}, {"b", 0}}

func (b *byteSize) String() string {
	v := int64(*b)
	for _, u := range []struct {
		name  string
		shift uint
	}{{"GiB", 30}, {"MiB", 20}, {"KiB", 10}} {
		if v != 0 && v%(1<<u.shift) == 0 {
			return strconv.FormatInt(v>>u.shift, 10) + u.name
		}
	}
	return strconv.FormatInt(v, 10)
}

func (b *byteSize) Set(s string) error {
	text := strings.ToLower(strings.TrimSpace(s))
	shift := uint(0)
	for _, u := range byteUnits {
		if rest, ok := strings.CutSuffix(text, u.suffix); ok {
			text, shift = strings.TrimSpace(rest), u.shift
			break
		}
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n <= 0 {
		return fmt.Errorf("want a positive number of bytes with an optional KiB, MiB or GiB suffix, got %q", s)
	}
	if n > math.MaxInt64>>shift {
		return fmt.Errorf("%q is too large", s)
	}
	*b = byteSize(n << shift)
	return nil
}

func (b *byteSize) Type() string { return "SIZE" }

// maxMemoryUsage is the help text of --max-memory.
const maxMemoryUsage = "memory limit for the model's buffers and generated or loaded inputs (bytes, or with a KiB, MiB or GiB suffix)"

// checkInputBytes refuses an input of type t and the given shape whose data would exceed
// limit bytes, before anything is allocated; the error names the input, shape and sizes.
func checkInputBytes(name string, t ir.ElementType, shape []int, limit int64) error {
	n, err := ir.ElementCount(shape)
	if err != nil {
		return fmt.Errorf("input %q: %v", name, err)
	}
	per := int64(max(1, t.Bits()/8))
	if t == ir.String {
		per = 16
	}
	if int64(n) > limit/per {
		return fmt.Errorf("input %q of shape %s and type %s needs %d bytes, more than --max-memory %d", name, shapeText(shape), t, int64(n)*per, limit)
	}
	return nil
}
