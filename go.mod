module github.com/irrun/irrun

go 1.26

require (
	github.com/beevik/etree v1.8.1
	github.com/spf13/cobra v1.10.2
	github.com/stretchr/testify v1.12.1
	github.com/x448/float16 v0.8.4
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
)
