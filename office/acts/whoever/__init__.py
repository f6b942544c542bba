"""What whoever stood there records: forcible opposition to a seizure or a rescue
(Sec XIII), by the seizer, the keeper or the police of the thana."""
