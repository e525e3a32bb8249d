# fish completion for boids(6)
#
# Completes every option, short and long, with what it does, and the
# values of the few that have a choice worth offering: a file for
# --trace, --record, --replay, --cast, --gif, --png and --config,
# terminal sizes for --size, the words of --glyphs, --start, --theme and
# --background, the presets. Numbers take no completion.

function __boids_sizes
    echo 80x24
    if string match -qr '^[1-9][0-9]*$' -- "$COLUMNS" "$LINES"
        echo {$COLUMNS}x{$LINES}
    end
end

# Nothing is read after --help or --version.
function __boids_done
    __fish_seen_argument -s h -l help -s V -l version
end

complete -c boids -n __boids_done -f
complete -c boids -f

complete -c boids -n 'not __boids_done' -s h -l help -d 'Show the help and exit'
complete -c boids -n 'not __boids_done' -s V -l version -d 'Show the version and exit'

# The flock.
complete -c boids -n 'not __boids_done' -s n -l count -x -d 'Number of boids (1 to 10000000)'
complete -c boids -n 'not __boids_done' -s p -l predators -x -d 'Predators that hunt the flock (0 to 100)'
complete -c boids -n 'not __boids_done' -s o -l obstacles -x -d 'Round obstacles to fly around (0 to 100)'
complete -c boids -n 'not __boids_done' -s P -l perch -d 'Boids land on the ground and rest a while'
complete -c boids -n 'not __boids_done' -l fear -d 'Fear of predators spreads from boid to boid'
complete -c boids -n 'not __boids_done' -l leaders -d 'Now and then a boid leads others away'
complete -c boids -n 'not __boids_done' -l species -x -a '1 2 3 4' -d 'Kinds of boid, each flocking with its own'
complete -c boids -n 'not __boids_done' -s S -l seed -x -d 'Random seed: same seed, same flight'
complete -c boids -n 'not __boids_done' -l start -x -a 'edges random auto' -d 'How the flock starts'
complete -c boids -n 'not __boids_done' -l say -x -d 'The flock writes TEXT, lets go, writes it again'
complete -c boids -n 'not __boids_done' -l clock -d 'The flock writes the time, HH:MM, anew each minute'

# The rules.
complete -c boids -n 'not __boids_done' -s c -l cohesion -x -d 'Cohesion multiplier m1 (-10 to 10)'
complete -c boids -n 'not __boids_done' -s s -l separation -x -d 'Separation multiplier m2 (-10 to 10)'
complete -c boids -n 'not __boids_done' -s a -l alignment -x -d 'Alignment multiplier m3 (-10 to 10)'
complete -c boids -n 'not __boids_done' -s r -l radius -x -d 'Neighbourhood radius in cells, 0 = whole flock'
complete -c boids -n 'not __boids_done' -s d -l distance -x -d 'Separation distance in cells'
complete -c boids -n 'not __boids_done' -s v -l max-speed -x -d 'Speed limit, cells per step'
complete -c boids -n 'not __boids_done' -s T -l turn -x -d 'Turn-rate limit, degrees per step'
complete -c boids -n 'not __boids_done' -s F -l fov -x -d 'Field of view in degrees (1 to 360)'
complete -c boids -n 'not __boids_done' -l nearest -x -d 'Perceive at most the K nearest in reach (0 = all)'
complete -c boids -n 'not __boids_done' -l wander -x -d "Each boid's drifting push (0 to 1)"

# The world.
complete -c boids -n 'not __boids_done' -s w -l wind -x -d 'Constant wind X,Y'
complete -c boids -n 'not __boids_done' -s g -l goal -x -d 'Goal X,Y as fractions of the field'
complete -c boids -n 'not __boids_done' -s G -l goal-weight -x -d 'Pull of the goal; negative flees it'

# The screen.
complete -c boids -n 'not __boids_done' -s R -l rate -x -d 'Simulation steps per second'
complete -c boids -n 'not __boids_done' -s f -l fps -x -d 'The most frames drawn per second'
complete -c boids -n 'not __boids_done' -l speed -x -a 'auto 0.5 2 4' -d 'The flight against real time'
complete -c boids -n 'not __boids_done' -s A -l ascii -d 'ASCII glyphs only'
complete -c boids -n 'not __boids_done' -l glyphs -x -a 'arrows dots pixels auto' -d 'Arrows, braille dots, pixels, or auto'
complete -c boids -n 'not __boids_done' -l screensaver -d 'An autopilot flies; any key or mouse ends it'
complete -c boids -n 'not __boids_done' -l no-color -d 'No colour'
complete -c boids -n 'not __boids_done' -l theme -x -a 'heading speed crowd mono terminal' -d 'What colours tell'
complete -c boids -n 'not __boids_done' -l background -x -a 'auto dark light' -d "The terminal's background; auto: ask it"
complete -c boids -n 'not __boids_done' -l trails -d 'Short fading trails behind the boids'
complete -c boids -n 'not __boids_done' -s W -l size -x -a '(__boids_sizes)' -d 'The world: the field a COLSxROWS terminal shows'

# Headless.
complete -c boids -n 'not __boids_done' -s H -l headless -d 'No terminal: print statistics'
complete -c boids -n 'not __boids_done' -s t -l steps -x -d 'Steps to run'
complete -c boids -n 'not __boids_done' -s e -l every -x -d 'Print a line every K steps'
complete -c boids -n 'not __boids_done' -l trace -r -F -d 'Write every boid at every printed step as CSV'
complete -c boids -n 'not __boids_done' -l picture -d "Then print the last step's field as text"
complete -c boids -n 'not __boids_done' -l gif -r -F -d 'Write the flight as an animated GIF (runs headless)'
complete -c boids -n 'not __boids_done' -l png -r -F -d 'Write the last step as a PNG picture (runs headless)'

# Keeping flights.
complete -c boids -n 'not __boids_done' -l record -r -F -d 'Keep this flight: options, seed and inputs'
complete -c boids -n 'not __boids_done' -l replay -r -F -d 'Fly a kept flight again'
complete -c boids -n 'not __boids_done' -l cast -r -F -d 'Write what the terminal is sent as an asciicast v2'

# Presets and the config file.
complete -c boids -n 'not __boids_done' -l preset -x -a 'murmuration school swarm hunt parker none list' -d 'Fly a named set of options'
complete -c boids -n 'not __boids_done' -l config -r -F -d 'Read options from this file'
complete -c boids -n 'not __boids_done' -l no-config -d 'Read no config file'
complete -c boids -n 'not __boids_done' -l print-config -d 'Print the options given as a config file, and exit'
