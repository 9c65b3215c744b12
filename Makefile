# Shortcuts; tasks.py does the work (it needs nothing but Python).
.PHONY: run test bench
run:
	python3 tasks.py run
test:
	python3 tasks.py test
bench:
	python3 tasks.py bench
