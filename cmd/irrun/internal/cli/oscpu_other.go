//go:build !unix

package cli

import "time"

// osProcessCPU reports no CPU time where getrusage is not available.
func osProcessCPU() (time.Duration, bool) { return 0, false }
