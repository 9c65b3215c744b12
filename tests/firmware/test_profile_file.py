# device.board.load_profile: the board's /profile.json read as the clock reads
# it at power-on (both VMs). Whatever the file holds, the answer is a profile
# or a ProfileError, which main() shows on the display: never another error.
from device.board import ProfileError, load_profile
from support.firmware import raises, scratch, scratch_file


def _file(data):
    return scratch_file("profile.json", data)


def test_a_missing_profile_says_where_to_copy_one():
    e = raises(ProfileError, load_profile, scratch("none.json"))
    assert "copy hardware/profiles" in str(e)


def test_a_profile_that_is_not_json_is_named():
    path = _file(b"{display: oled")
    assert str(raises(ProfileError, load_profile, path)) == "board profile %s is not valid JSON" % path


def test_a_profile_that_is_not_text_is_named_too():
    path = _file(b"\xff\xfe\x00binary")  # not UTF-8: the read itself fails, on both VMs
    assert str(raises(ProfileError, load_profile, path)) == "board profile %s is not valid JSON" % path
