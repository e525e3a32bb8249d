# bash completion for boids(6)
#
# Completes every option, short and long, and the values of the few that
# have a choice worth offering: a file for --trace, --record, --replay,
# --cast, --gif, --png and --config, terminal sizes for --size, the words of --glyphs,
# --start, --theme and --background, the presets. Numbers have no
# completion; `boids --help` shows their ranges.
# Works with or without the bash-completion package.

_boids()
{
	local cur prev i
	local longs='--count --predators --obstacles --perch --fear --leaders
--species --seed --say --clock --cohesion
--separation --alignment --radius --distance --max-speed --turn --fov
--nearest --wander --wind --goal --goal-weight --rate --fps --speed --ascii
--no-color --headless --steps --every --size --trace --record --replay
--cast --help --version --glyphs --start --picture --screensaver --theme
--background --trails --gif --png --preset --config --no-config
--print-config'
	local shorts='-n -p -o -P -S -c -s -a -r -d -v -T -F -w -g -G -R -f -A -H
-t -e -W -h -V'

	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}

	# "--size=8<Tab>": bash splits at '=', into "--size", "=", "8".
	if [[ $cur == = ]]; then
		cur=
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		cur=${cur#*=}
	fi

	# After --help or --version nothing else is read.
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--help | --version | -h | -V) return 0 ;;
		esac
	done

	case $prev in
	--trace | --record | --replay | --cast | --gif | --png | --config)
		# One name a line, so that names with blanks stay whole.
		local IFS=$'\n'
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
		return 0
		;;
	--size | -W)
		# The default, and the terminal in use: -W names a terminal.
		local sizes='80x24'
		if [[ $COLUMNS == [1-9]* && $LINES == [1-9]* ]]; then
			sizes+=" ${COLUMNS}x${LINES}"
		fi
		COMPREPLY=($(compgen -W "$sizes" -- "$cur"))
		return 0
		;;
	--glyphs)
		COMPREPLY=($(compgen -W "arrows dots pixels auto" -- "$cur"))
		return 0
		;;
	--start)
		COMPREPLY=($(compgen -W "edges random auto" -- "$cur"))
		return 0
		;;
	--theme)
		COMPREPLY=($(compgen -W "heading speed crowd mono terminal" \
		    -- "$cur"))
		return 0
		;;
	--background)
		COMPREPLY=($(compgen -W "auto dark light" -- "$cur"))
		return 0
		;;
	--preset)
		COMPREPLY=($(compgen -W "murmuration school swarm hunt parker
none list" -- "$cur"))
		return 0
		;;
	--speed)
		COMPREPLY=($(compgen -W "auto 0.5 2 4" -- "$cur"))
		return 0
		;;
	--species)
		COMPREPLY=($(compgen -W "1 2 3 4" -- "$cur"))
		return 0
		;;
	--say)
		# The user's own text: nothing to offer.
		return 0
		;;
	--count | --predators | --obstacles | --seed | --cohesion | \
	--separation | --alignment | --radius | --distance | --max-speed | \
	--turn | --fov | --nearest | --wander | --wind | --goal | \
	--goal-weight | --rate | --fps | \
	--steps | --every | -n | -p | -o | -S | -c | -s | -a | -r | -d | -v | \
	-T | -F | -w | -g | -G | -R | -f | -t | -e)
		# A number, or a pair X,Y: nothing to offer.
		return 0
		;;
	esac

	case $cur in
	--*) COMPREPLY=($(compgen -W "$longs" -- "$cur")) ;;
	-*) COMPREPLY=($(compgen -W "$shorts $longs" -- "$cur")) ;;
	*) COMPREPLY=($(compgen -W "$longs" -- "$cur")) ;;
	esac
	return 0
}

complete -F _boids boids
