// The clock's printable case, parametric: base, top, see-saw lever, pivot
// bearings and battery door for each build (hardware/README.md "Assembly and
// enclosure"; the modules' sizes are those of hardware/bom/<build>.csv).
//
//   openscad -D 'build="oled242"' -D 'part="top"' -o top.stl case.scad
//   python3 hardware/case/build.py        (every part of every build, and the pictures)
//
// Axes: x runs from the left player's end to the right one's, y from the
// front (the two display panes) to the back (the arbiter's keys, USB), z up.
// All sizes in mm. Measure your modules before printing: they vary.

build = "oled";      // "oled", "oled242" or "segment7"
part = "assembly";   // "base", "top", "lever", "door" or "assembly"

/* [Box] */
W = 200;             // width
D = 100;             // depth
H = 75;              // height at the back
wall = 2.5;
split = 25;          // where the top sits on the base
lip = 15;            // height of the front under the panes
tilt = 25;           // each pane leans back this far from vertical (README: 20-30)
yaw = 17.5;          // and turns this far towards its player (README: 15-20)

/* [Levers] */
arm = 70;            // pivot to the switch's actuation point
pivot_h = 18;        // pivot axis above the top surface
lever_t = 8;         // rocker thickness
lever_w = 18;        // rocker width
lever_l = 180;       // rocker length
rod_d = 3;           // pivot rod (BOM: pivot-rod)
sw_l = 19.8;         // Omron SS-5GL body (BOM: lever-switch)
sw_w = 6.4;
sw_h = 10.2;
sw_holes = 9.5;      // its two mounting holes, 2.35 mm
sw_op = 8;           // height above the top where its hinge lever operates (set by the cradle)
sw_ot = 1.6;         // its overtravel past that point; the stop uses half of it

/* [Keys, USB, battery] */
key_hole = 11.6;     // 12 mm key cap (BOM: key-cap) through the back
key_pitch = 24;
usb = [12, 8];       // micro-USB plug body, with room
bay = [62, 51];      // 3 x AA holder (BOM: battery-holder, 58 x 47) with clearance
door_t = 1.6;
foot_d = 12.6;       // rubber bumpers (BOM: feet), recessed 1 mm
led_hole = 6.2;      // 5 mm LED panel holder (BOM: led-holder)

// per build: window (the visible area), acrylic (BOM: window), module board and its M2 holes
function spec(b) =
    b == "oled242" ? [[57, 30], [60, 32], [61.5, 39.5], [56, 34]] :
    b == "segment7" ? [[52, 21], [56, 24], [42, 30], [38, 26]] :
    [[24, 13], [30, 17], [27.3, 27.8], [20.7, 22.6]];

window = spec(build)[0];
acrylic = spec(build)[1];
board = spec(build)[2];
holes = spec(build)[3];

$fn = 32;

// -- the panes ------------------------------------------------------------------

// the left pane's frame: u along its bottom edge, v up its slope, n out of it
u = [cos(yaw), -sin(yaw), 0];
v = [sin(yaw) * sin(tilt), cos(yaw) * sin(tilt), cos(tilt)];
n = [-sin(yaw) * cos(tilt), -cos(yaw) * cos(tilt), sin(tilt)];
pane_l = (H - lip) / cos(tilt);
pane_w = (W / 2) / cos(yaw);
centre = [W / 4, W / 4 * tan(yaw), lip] + v * pane_l / 2;

module on_left_pane() {
    multmatrix([[u[0], v[0], n[0], centre[0]], [u[1], v[1], n[1], centre[1]],
                [u[2], v[2], n[2], centre[2]], [0, 0, 0, 1]]) children();
}

module on_panes() {
    on_left_pane() children();
    translate([W, 0, 0]) mirror([1, 0, 0]) on_left_pane() children();
}

// the solid outline, grown by g (negative: the inside)
module outline(g = 0) {
    intersection() {
        translate([-g, -g, -g]) cube([W + 2 * g, D + 2 * g, H + 2 * g]);
        behind_pane(g);
        translate([W, 0, 0]) mirror([1, 0, 0]) behind_pane(g);
    }
}

module behind_pane(g) {  // the half-space behind the left pane's plane, moved g along its normal
    big = 4 * W;
    multmatrix([[u[0], v[0], n[0], W / 2], [u[1], v[1], n[1], 0], [u[2], v[2], n[2], lip], [0, 0, 0, 1]])
        translate([-big / 2, -big / 2, -big + g]) cube(big);
}

skin = 0.8;  // the pane in front of the acrylic
pillar = 4;  // the display modules' pillars stand this far behind the acrylic

module shell() {
    difference() {
        union() {
            difference() { outline(); outline(-wall); }
            on_panes() for (x = [-1, 1], y = [-1, 1])
                translate([x * holes[0] / 2, y * holes[1] / 2, -wall - pillar - 2]) cylinder(d = 4.5, h = pillar + 2 + 0.5);
        }
        on_panes() {
            cube([window[0], window[1], 4 * wall], center = true);
            translate([0, 0, -skin - 50]) cube([acrylic[0] + 0.4, acrylic[1] + 0.4, 100], center = true);
            translate([0, pane_l / 2 - 7, 0]) cylinder(d = led_hole, h = 4 * wall, center = true);
            for (x = [-1, 1], y = [-1, 1])  // M2 into plastic (BOM: display-screw)
                translate([x * holes[0] / 2, y * holes[1] / 2, -wall - pillar - 3]) cylinder(d = 1.8, h = pillar + 1);
        }
        for (i = [-1.5 : 1 : 1.5])  // the arbiter's keys
            translate([W / 2 + i * key_pitch, D, split + 18]) rotate([90, 0, 0]) cylinder(d = key_hole, h = 4 * wall, center = true);
        translate([carrier[0] - usb[0] / 2, D - 2 * wall, split - 7 - usb[1] / 2]) cube([usb[0], 4 * wall, usb[1]]);
        for (y = [40 : 5 : 60], z = [split + 10 : 5 : split + 25])  // the buzzer's holes, right side
            translate([W, y, z]) rotate([0, 90, 0]) cylinder(d = 2, h = 4 * wall, center = true);
        translate([-wall, D - 30, split - 14]) cube([4 * wall, 9, 4.5]);  // the power switch, left side
    }
}

// -- the base ---------------------------------------------------------------------

carrier = [40, D - wall - 37];  // 50 x 70 carrier board at the left, its Pico's USB at the back
bay_at = [W / 2 - bay[0] / 2, 14];  // the battery low in the middle, its door sliding out at the front

module base() {
    difference() {
        union() {
            intersection() { shell(); translate([-1, -1, -1]) cube([W + 2, D + 2, split + 1]); }
            for (dx = [-22, 22], dy = [-32, 32])  // carrier standoff bosses (BOM: carrier-standoff)
                translate([carrier[0] + dx, carrier[1] + dy, 0]) cylinder(d = 7, h = wall + 3);
            for (p = screw_posts()) translate([p[0], p[1], 0]) cylinder(d = 8, h = split);
            translate([bay_at[0] - 4, bay_at[1] - 4, 0]) cube([bay[0] + 8, bay[1] + 8, wall + door_t]);
        }
        for (dx = [-22, 22], dy = [-32, 32]) translate([carrier[0] + dx, carrier[1] + dy, -1]) cylinder(d = 2.6, h = wall + 4);
        for (p = screw_posts()) translate([p[0], p[1], -1]) {
            cylinder(d = 3.4, h = split + 2);
            cylinder(d1 = 6.5, d2 = 3.4, h = 1.8);  // countersunk M3 (BOM: case-screw)
        }
        // the battery bay and its door's slot, open at the front
        translate([bay_at[0], bay_at[1], -1]) cube([bay[0], bay[1], wall + door_t + 2]);
        translate([bay_at[0] - 2, -1, -0.01]) cube([bay[0] + 4, bay_at[1] + bay[1] + 3, door_t + 0.3]);
        for (f = feet) translate([f[0], f[1], -1]) cylinder(d = foot_d, h = 2);
    }
}

feet = [[22, 45], [22, D - 10], [W - 22, 45], [W - 22, D - 10]];

// behind the panes, clear of the battery bay and the carrier
function screw_posts() = [[7, 68], [7, D - 8], [W - 7, 68], [W - 7, D - 8]];

module door() {  // slides in from the front, a finger notch at its front end
    difference() {
        cube([bay[0] + 3.4, bay_at[1] + bay[1] + 1.6, door_t]);
        translate([(bay[0] + 3.4) / 2, 4, door_t]) scale([2.5, 1, 1]) sphere(d = 6);
    }
}

// -- the top, the levers ---------------------------------------------------------------

ys = D - 26;  // the rocker runs along x here
theta = asin((pivot_h - lever_t / 2 - (sw_op - sw_ot / 2)) / arm);  // its largest tilt: the stop's
stop_x = arm + 14;
stop_h = pivot_h - lever_t / 2 - stop_x * sin(theta);
echo(str("window ", window, " acrylic ", acrylic));
echo(str("lever: tilt ", theta, " deg, presses ", sw_ot / 2, " mm past the switch's operating point; stops ", stop_h, " mm high"));

module switch_cradle() {  // an SS-5GL on its side, its hinge lever up, two 2.3 mm screws
    difference() {
        translate([-sw_l / 2 - 2, -sw_w / 2 - 2, 0]) cube([sw_l + 4, sw_w + 4, sw_h - 4]);
        translate([-sw_l / 2 - 0.2, -sw_w / 2 - 0.2, 2]) cube([sw_l + 0.4, sw_w + 0.4, sw_h]);
        for (x = [-sw_holes / 2, sw_holes / 2]) translate([x, 0, 2 + sw_h / 2]) rotate([90, 0, 0]) cylinder(d = 2, h = 20, center = true);
        translate([0, 0, -1]) cylinder(d = 5, h = 5);  // its wires, into the case
    }
}

module top() {
    difference() {
        union() {
            intersection() { shell(); translate([-1, -1, split]) cube([W + 2, D + 2, H]); }
            for (p = screw_posts()) translate([p[0], p[1], split]) cylinder(d = 8, h = H - split);
            for (s = [-1, 1]) {
                translate([W / 2 + s * arm, ys, H - 0.01]) switch_cradle();
                translate([W / 2 + s * stop_x, ys, H - 0.01]) cylinder(d = 6, h = stop_h);  // the stop
            }
            for (s = [-1, 1]) translate([W / 2 - 5, ys + s * (lever_w / 2 + 3.5) - 3, H - 0.01]) bearing_block();  // the rod goes through both and the rocker
        }
        for (p = screw_posts()) translate([p[0], p[1], split - 1]) cylinder(d = 2.5, h = H - split - wall);  // M3 into plastic
        for (s = [-1, 1]) translate([W / 2 + s * arm, ys, H - 2 * wall]) cylinder(d = 5, h = 4 * wall);
        translate([W / 2, ys, H + pivot_h]) rotate([90, 0, 0]) cylinder(d = rod_d + 0.3, h = 60, center = true);
    }
}

module bearing_block() {
    difference() {
        cube([10, 6, pivot_h + 6]);
        translate([5, -1, pivot_h]) rotate([-90, 0, 0]) cylinder(d = rod_d + 0.3, h = 8);
    }
}

module lever() {  // the see-saw: a beam, a boss round the rod, a pad over each switch
    difference() {
        union() {
            translate([-lever_l / 2, -lever_w / 2, -lever_t / 2]) cube([lever_l, lever_w, lever_t]);
            rotate([90, 0, 0]) cylinder(d = lever_t + 6, h = lever_w, center = true);
            for (s = [-1, 1]) translate([s * (lever_l / 2 - 12), 0, lever_t / 2]) scale([1.6, 1, 0.5]) sphere(d = lever_w);
        }
        rotate([90, 0, 0]) cylinder(d = rod_d + 0.2, h = lever_w + 2, center = true);
    }
}

module assembly() {
    color("SlateGray") base();
    color("Gainsboro") top();
    color("OrangeRed") translate([W / 2, ys, H + pivot_h]) rotate([0, theta, 0]) lever();
    color("DimGray") on_panes() translate([0, 0, -wall - 1]) cube([board[0], board[1], 1.6], center = true);
}

if (part == "base") base();
else if (part == "top") top();
else if (part == "lever") rotate([90, 0, 0]) lever();  // printed on its side: the rod hole upright
else if (part == "door") door();
else assembly();
