"""Worker processes: runners (the parent's side: started, watched, reaped, frames gathered), worker (one script
under the operating system's limits), server (the library's fork server). app.isolation is their front door.
"""
