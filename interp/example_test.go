package interp_test

import (
	"fmt"

	"github.com/kombat-game/kombat/interp"
)

// tinyGame is a host with one command and one special: enough to show the API.
type tinyGame struct{ budget int64 }

func (g *tinyGame) Special(id int) int64         { return g.budget } // id 0: Budget
func (g *tinyGame) Info(id int, a []int64) int64 { return 0 }
func (g *tinyGame) Command(id int, a []int64) bool {
	if g.budget < 1 {
		return false // out of budget: the evaluation ends
	}
	g.budget--
	fmt.Println("step", []string{"", "left", "right"}[a[0]])
	return true
}

func ExampleCompile() {
	lang, err := interp.NewLanguage(interp.Definition{
		Name:       "tiny",
		Directions: []string{"left", "right"},
		Commands:   []interp.Word{{Name: "step", Args: []interp.ArgKind{interp.ArgDirection}}},
		Specials:   []string{"Budget"},
		LoopLimit:  100,
	})
	if err != nil {
		panic(err)
	}
	prog, err := interp.Compile(lang, "walk", "```tiny\nwhile (Budget) step right\n```")
	if err != nil {
		fmt.Print(err.(*interp.Error).Format())
		return
	}
	var m interp.Machine
	res := m.Run(prog, &tinyGame{budget: 2}, interp.Frame{}, 1000)
	fmt.Println(res.End, "after", res.Steps, "steps")

	_, err = interp.Compile(lang, "walk", "step up")
	fmt.Print(err.(*interp.Error).Format())
	// Output:
	// step right
	// step right
	// end after 6 steps
	// walk:1:6: error: expected a direction after 'step', found name 'up'
	//   1 | step up
	//     |      ^~
	//   hint: the directions are 'left' and 'right'
}
