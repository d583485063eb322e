package iss

import (
	"fmt"
	"strconv"
)

func sprint(v any) string { return fmt.Sprintf("%+v", v) }
func itoa(x int) string   { return strconv.Itoa(x) }
