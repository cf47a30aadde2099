package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// moduleVersion returns the irrun module's version from the build info: a release tag
// ("v0.3.0"), a pseudo-version, or "(devel)" for a build from a checkout.
func moduleVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" {
		return "(devel)"
	}
	return bi.Main.Version
}

// vcsInfo returns the commit and modified flag recorded in the build info, if any.
func vcsInfo() (rev, when string, dirty bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "", "", false
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	return rev, when, dirty
}

func (e *env) newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print irrun's version and the Go version it was built with",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef(cmd, "version takes no arguments, got %q", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintf(e.stdout, "irrun %s\n", moduleVersion())
			fmt.Fprintf(e.stdout, "go    %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
			if rev, when, dirty := vcsInfo(); rev != "" {
				if len(rev) > 12 {
					rev = rev[:12]
				}
				if dirty {
					rev += " (modified)"
				}
				if when != "" {
					rev += " " + when
				}
				fmt.Fprintf(e.stdout, "commit %s\n", rev)
			}
			return nil
		},
	}
}
