# Shortcuts; tasks.py does the work (it needs nothing but Python).
.PHONY: run test quick bench
run:
	python3 tasks.py run
test:
	python3 tasks.py test
quick:
	python3 tasks.py quick
bench:
	python3 tasks.py bench
