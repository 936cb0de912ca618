package model

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

func BenchmarkZZProg(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	cg := benchCat(b, rng)
	p := reflect.ValueOf(cg.vm).MethodByName("Prog").Call(nil)[0]
	fmt.Println(p.Interface())
}
