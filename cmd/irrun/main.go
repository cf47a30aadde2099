// Command irrun runs, benchmarks, checks and inspects OpenVINO IR models (model.xml +
// model.bin) in pure Go. See docs/cli.md.
package main

import (
	"os"

	"github.com/irrun/irrun/cmd/irrun/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
